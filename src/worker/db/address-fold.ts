import { sql, type SQL } from 'drizzle-orm';

/**
 * normaliseRecipient (shared/contact/recipient.ts) as SQL over `x`: lower case,
 * a "+tag" cut from the local part, Gmail's dots dropped and googlemail.com read as gmail.com, the
 * domain's trailing dots gone; an address without one inner "@" is left as it is. The tables that
 * keep an address hold it as a virtual column (`email_fold`, indexed), so one person's rows are found
 * however the address was typed. SQLite's lower() folds ASCII only: both sides of a look-up go through
 * this same expression (foldedAddress), so they always agree.
 */
function foldOver(x: string): string {
  // Addresses are kept trimmed (the forms' and Stripe's checks), and a look-up trims what it is given.
  const e = `lower(${x})`;
  const at = `instr(${e}, '@')`;
  const local = `substr(${e}, 1, ${at} - 1)`;
  const domain = `rtrim(substr(${e}, ${at} + 1), '.')`;
  const untagged = `(case when instr(${local}, '+') > 1 then substr(${local}, 1, instr(${local}, '+') - 1) else ${local} end)`;
  return `(case when ${at} < 2 or instr(substr(${e}, ${at} + 1), '@') > 0 then ${e}
    when ${domain} in ('gmail.com', 'googlemail.com') then replace(${untagged}, '.', '') || '@gmail.com'
    else ${untagged} || '@' || ${domain} end)`;
}

/** The generated column's expression over a table's `email` column. */
export const foldedEmailColumn = foldOver('email');

/** An address folded by the database, as a value to compare `email_fold` with (the index is used: the value is computed once). */
export function foldedAddress(address: string): SQL {
  return sql`(select ${sql.raw(foldOver('x'))} from (select ${address.trim()} as x))`;
}
