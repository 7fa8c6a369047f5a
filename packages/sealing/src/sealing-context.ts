/**
 * The associated data of one sealed field: `<record>:<id>:<field>`, e.g. `webhook-endpoint:whk_12:secret`.
 * Record and field are names in code (no `:`), so the id between them is read unambiguously.
 */
export function sealingContext(record: string, id: string, field: string): string {
  if (record.includes(':') || field.includes(':')) throw new Error('record and field names hold no ":"');
  if (id === '') throw new Error(`a sealed ${record} ${field} needs its record's id`);
  return `${record}:${id}:${field}`;
}
