/**
 * Excluir OS (issue 40 §6): deleting a whole OS takes its stages, Garantia and photos off the
 * customer's page, so it is the owner's, like deleting one photo — staff are not offered it at all
 * (the data command and the server refuse them too). Asks first; back to the list once done.
 */
import { useState } from 'react';
import { Button } from '@chakra-ui/react';
import { Trash2 } from 'lucide-react';
import { workOrderCommands } from '../../data/db/work-orders';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SV } from './messages';
import { attempt, done } from './toast';

type Props = { id: string; code: string; role: 'owner' | 'staff' | null; onDeleted: () => void };

export function DeleteWorkOrder({ id, code, role, onDeleted }: Props) {
  const [asking, setAsking] = useState(false);
  if (role !== 'owner') return null;
  return (
    <>
      <Button variant="outline" colorPalette="red" onClick={() => setAsking(true)} data-testid="delete-work-order">
        <Trash2 size={16} /> {SV.remove}
      </Button>
      <ConfirmDialog
        open={asking}
        title={SV.removeTitle}
        message={SV.removeMessage(code)}
        confirmLabel={SV.removeConfirm}
        busyLabel={SV.removing}
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={async () => {
          const ok = await attempt(() => workOrderCommands.remove(id, role));
          setAsking(false);
          if (ok) {
            done(SV.removed(code));
            onDeleted();
          }
        }}
      />
    </>
  );
}
