// A small static table (a record's history, a preview's rows, a profile's
// assignments): a header row of column titles, then one row per item, the
// column marked `rowHeader` as the row's <th scope="row">. For lists that
// page, sort or take the keyboard, use ListPane / DataGrid instead.
import type { HTMLAttributes, ReactNode } from 'react';

export interface PlainColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** The cell that names the row (a <th scope="row">). */
  rowHeader?: boolean;
  className?: string;
}

export function PlainTable<R>({
  rows,
  rowKey,
  columns,
  caption,
  className,
  rowProps,
}: {
  rows: readonly R[];
  rowKey: (row: R) => string;
  columns: readonly PlainColumn<R>[];
  /** Names the table for assistive technology (not shown). */
  caption?: string;
  className?: string;
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement>;
}) {
  return (
    <table className={className}>
      {caption && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col">
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} {...rowProps?.(r)}>
            {columns.map((c, i) =>
              c.rowHeader ? (
                <th key={i} scope="row" className={c.className}>
                  {c.cell(r)}
                </th>
              ) : (
                <td key={i} className={c.className}>
                  {c.cell(r)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
