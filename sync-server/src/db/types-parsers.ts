/**
 * Same JS values from both backends: bigint and numeric as strings (no precision loss;
 * convert at the module edge), `date` as 'YYYY-MM-DD' (pg would build a local-midnight Date),
 * timestamptz as Date.
 */
export const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

const asString = (v: string) => v;
const asDate = (v: string) => new Date(v);

export const TYPE_PARSERS: Record<number, (value: string) => unknown> = {
  [OID.int8]: asString,
  [OID.numeric]: asString,
  [OID.date]: asString,
  [OID.timestamptz]: asDate,
  // timestamp without time zone: read as UTC so both backends agree.
  [OID.timestamp]: (v: string) => new Date(v.replace(' ', 'T') + 'Z'),
};
