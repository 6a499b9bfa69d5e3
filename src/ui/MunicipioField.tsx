/**
 * Município, picked from the IBGE list (issue 38): a typeahead over the 5,570 municipalities —
 * accents and case ignored, 'campinas sp' narrows to a UF — showing 'Nome — UF' and keeping the
 * 7-digit IBGE code. The list is loaded the first time the field is shown (src/ui/municipios.ts)
 * and ships with the app, so it works offline. Used by the customer form; Configurações › Fiscal
 * and the Emitir NFS-e dialog reuse it.
 *
 * The value is what the person sees (`text`) and the code chosen (`code`, null until one is): a
 * text typed but not chosen is the form's to refuse ('Escolha o município na lista') — on blur a
 * text naming exactly one municipality ('Niterói', 'Bom Jesus/PI') is taken as chosen.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Field, Input } from '@chakra-ui/react';
import { useMunicipios } from './municipios';

export interface MunicipioValue {
  code: string | null;
  text: string;
}

/** The field's value for a stored code (its text fills in once the list is loaded). */
export const municipioValue = (code: string | null | undefined): MunicipioValue => ({ code: code ?? null, text: '' });

/** A text typed and not chosen from the list: what the form refuses. */
export const municipioPending = (v: MunicipioValue): boolean => v.code === null && v.text.trim() !== '';

export const MUNICIPIO_TEXT = {
  label: 'Município',
  placeholder: 'Digite o nome do município',
  loading: 'Carregando a lista de municípios…',
  noMatch: 'Nenhum município encontrado',
  listLabel: 'Municípios',
} as const;

export interface MunicipioFieldProps {
  value: MunicipioValue;
  onChange: (value: MunicipioValue) => void;
  label?: string;
  invalid?: boolean;
  errorText?: string;
  /** How many suggestions are shown at once. */
  limit?: number;
  /** Marked required (an NFS-e to an identified customer needs it). */
  required?: boolean;
}

export function MunicipioField({ value, onChange, label = MUNICIPIO_TEXT.label, invalid, errorText, limit = 8, required = false }: MunicipioFieldProps) {
  const list = useMunicipios();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();

  // A stored code shows its name once the list is here.
  useEffect(() => {
    if (!list || value.code === null || value.text !== '') return;
    const m = list.municipioByCode(value.code);
    if (m) onChange({ code: m.code, text: list.municipioLabel(m) });
  }, [list, value.code, value.text, onChange]);

  const results = useMemo(
    () => (list && open && value.code === null && value.text.trim() !== '' ? list.searchMunicipios(value.text, limit) : []),
    [list, open, value.code, value.text, limit],
  );
  const shown = open && value.code === null && value.text.trim() !== '';

  // Low in a dialog or a long form on a phone the suggestions open below the fold, two of them
  // in view: the nearest scroller moves just enough to show the whole list.
  const listRef = useRef<HTMLUListElement | null>(null);
  useEffect(() => {
    if (shown) listRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown, results.length]);

  const choose = (code: string) => {
    const m = list?.municipioByCode(code);
    if (!m || !list) return;
    onChange({ code: m.code, text: list.municipioLabel(m) });
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (results.length === 0) return;
      e.preventDefault();
      setOpen(true);
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % results.length : (i - 1 + results.length) % results.length));
    } else if (e.key === 'Enter' && shown && results[active]) {
      // Enter picks the highlighted one instead of submitting the form.
      e.preventDefault();
      choose(results[active].code);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    }
  };

  const onBlur = () => {
    setOpen(false);
    if (!list || value.code !== null || value.text.trim() === '') return;
    const r = list.resolveMunicipio(value.text);
    if (r.ok) onChange({ code: r.municipio.code, text: list.municipioLabel(r.municipio) });
  };

  const optionId = (i: number) => `${listId}-opt-${i}`;

  return (
    <Field.Root invalid={invalid} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      <Box position="relative" w="full">
        <Input
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={shown ? listId : undefined}
          aria-activedescendant={shown && results[active] ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={value.code !== null && value.text === '' ? MUNICIPIO_TEXT.loading : MUNICIPIO_TEXT.placeholder}
          maxLength={120}
          value={value.text}
          onChange={(e) => {
            onChange({ code: null, text: e.target.value });
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => value.code === null && setOpen(true)}
          onBlur={onBlur}
          onKeyDown={onKeyDown}
        />
        {shown && (
          <Box
            as="ul"
            ref={listRef}
            id={listId}
            role="listbox"
            aria-label={MUNICIPIO_TEXT.listLabel}
            position="absolute"
            zIndex="dropdown"
            insetX="0"
            top="100%"
            mt="1"
            maxH="60"
            overflowY="auto"
            bg="bg.panel"
            borderWidth="1px"
            borderRadius="md"
            boxShadow="md"
            py="1"
            listStyleType="none"
          >
            {!list ? (
              <Box as="li" px="3" py="2" color="fg.muted">
                {MUNICIPIO_TEXT.loading}
              </Box>
            ) : results.length === 0 ? (
              <Box as="li" px="3" py="2" color="fg.muted">
                {MUNICIPIO_TEXT.noMatch}
              </Box>
            ) : (
              results.map((m, i) => (
                <Box
                  as="li"
                  key={m.code}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  px="3"
                  py="2"
                  cursor="pointer"
                  bg={i === active ? 'bg.muted' : undefined}
                  // Before the input's blur: the tap chooses instead of closing the list.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => choose(m.code)}
                >
                  {list.municipioLabel(m)}
                </Box>
              ))
            )}
          </Box>
        )}
      </Box>
      <Field.ErrorText>{errorText}</Field.ErrorText>
    </Field.Root>
  );
}
