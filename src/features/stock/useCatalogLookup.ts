/** Catalogue entries by kind and id, for the stock screens. */
import { thicknessDisplay } from '../../domain/catalog';
import { useMemo } from 'react';
import type { CatalogItemDoc, CatalogKind } from '@shared';
import { useCatalog } from '../../data/db/catalog';
import { sortCatalog } from '../../domain/catalog';
import { productLabel } from '../../domain/stock';

export interface CatalogLookup {
  byId: Map<string, CatalogItemDoc>;
  list: (kind: CatalogKind) => CatalogItemDoc[];
  name: (id: string | null | undefined) => string | null;
  thicknessText: (id: string | null | undefined) => string | null;
  product: (item: { type_id: string; material_id: string; thickness_id: string; dimension_id: string }) => string;
}

export function useCatalogLookup(): CatalogLookup & { loading: boolean } {
  const { entries, loading } = useCatalog();
  return useMemo(() => {
    const byId = new Map(entries.map((e) => [e.id, e]));
    const lists = new Map<CatalogKind, CatalogItemDoc[]>();
    const list = (kind: CatalogKind) => {
      let l = lists.get(kind);
      if (!l) lists.set(kind, (l = sortCatalog(kind, entries.filter((e) => e.kind === kind))));
      return l;
    };
    const name = (id: string | null | undefined) => (id ? (byId.get(id)?.name ?? null) : null);
    const thicknessText = (id: string | null | undefined) => {
      const t = id ? byId.get(id) : undefined;
      return t ? thicknessDisplay(t) : null;
    };
    const product = (item: { type_id: string; material_id: string; thickness_id: string; dimension_id: string }) => {
      const t = byId.get(item.thickness_id);
      return productLabel({
        type: name(item.type_id),
        material: name(item.material_id),
        thickness: t ? { value: t.value ?? null, unit: t.unit ?? 'mm', name: t.name } : null,
        dimension: name(item.dimension_id),
      });
    };
    return { byId, list, name, thicknessText, product, loading };
  }, [entries, loading]);
}
