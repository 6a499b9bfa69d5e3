import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { toaster } from '../../../src/ui/toaster';
import { useRefusedNotice } from '../../../src/ui/useRefusedNotice';
import type { RefusedDocView } from '../../../src/ui/syncStatusText';

const refusal = (id: string, at = '2026-11-22T10:00:00.000Z'): RefusedDocView => ({
  collection: 'customers',
  id,
  error: 'duplicate_phone',
  message: 'Este telefone já está cadastrado para outro cliente',
  document: { id, name: 'Carlos B' },
  at,
});

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => vi.restoreAllMocks());

function Probe({ list }: { list: RefusedDocView[] }) {
  useRefusedNotice(list);
  return null;
}

function renderProbe() {
  const root = createRoot(document.createElement('div'));
  return { rerender: ({ list }: { list: RefusedDocView[] }) => act(() => root.render(<Probe list={list} />)) };
}

describe('a refused change is announced with its reason', () => {
  it("toasts each refusal once, naming the document and the reason", async () => {
    const create = vi.spyOn(toaster, 'create').mockImplementation(() => 'id');
    const { rerender } = renderProbe();
    await rerender({ list: [] });
    expect(create).not.toHaveBeenCalled();

    await rerender({ list: [refusal('c1')] });
    expect(create).toHaveBeenCalledTimes(1);
    expect(create.mock.calls[0][0]).toMatchObject({
      type: 'error',
      title: 'Alteração recusada pelo servidor',
      description: 'Cliente Carlos B: Este telefone já está cadastrado para outro cliente',
    });

    await rerender({ list: [refusal('c1')] });
    expect(create).toHaveBeenCalledTimes(1);
    await rerender({ list: [refusal('c1'), refusal('c2')] });
    expect(create).toHaveBeenCalledTimes(2);
  });
});
