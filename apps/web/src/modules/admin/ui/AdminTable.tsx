import { Group, Pagination, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type AdminColumn<Row> = {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  /** When given, the column sorts the rows shown by this value. */
  sortValue?: (row: Row) => string | number;
  /** Numbers and amounts line up on the right. */
  numeric?: boolean;
};

type Props<Row> = {
  /** Names the table for screen readers. */
  caption: string;
  columns: ReadonlyArray<AdminColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown instead of an empty table. */
  empty: string;
  /** Server-side paging: the page shown, rows per page and how many rows match in all. */
  paging?: { page: number; size: number; total: number; onPage: (page: number) => void };
  onRowClick?: (row: Row) => void;
  /**
   * The scrolling box takes the keyboard focus (named by the caption), so a table without buttons
   * can still be scrolled sideways by keyboard on a narrow screen.
   */
  isScrollFocusable?: boolean;
};

type Sort = { key: string; direction: 'ascending' | 'descending' } | null;

/**
 * The back office's table: a caption for screen readers, sortable columns (with aria-sort) over
 * the rows shown, and paging by the server's total. Rows are listed as the server answered
 * until a header is pressed.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  paging,
  onRowClick,
  isScrollFocusable = false,
}: Props<Row>) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>(null);
  const sorted = useMemo(() => {
    const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
    if (!sort || !column?.sortValue) return rows;
    const value = column.sortValue;
    const factor = sort.direction === 'ascending' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = value(a);
      const right = value(b);
      if (typeof left === 'number' && typeof right === 'number') return (left - right) * factor;
      return String(left).localeCompare(String(right)) * factor;
    });
  }, [rows, columns, sort]);

  const toggle = (key: string) =>
    setSort((current) =>
      current?.key === key && current.direction === 'ascending'
        ? { key, direction: 'descending' }
        : { key, direction: 'ascending' },
    );

  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.size)) : 1;
  return (
    <>
      <ScrollArea
        type="auto"
        viewportProps={isScrollFocusable ? { tabIndex: 0, role: 'group', 'aria-label': caption } : undefined}
      >
        <Table striped highlightOnHover={onRowClick !== undefined} verticalSpacing="xs" miw={640}>
          <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }} className="ob-visually-hidden">
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const direction = sort?.key === column.key ? sort.direction : undefined;
                return (
                  <Table.Th
                    key={column.key}
                    aria-sort={direction ?? (column.sortValue ? 'none' : undefined)}
                    ta={column.numeric ? 'end' : undefined}
                  >
                    {column.sortValue ? (
                      <UnstyledButton
                        onClick={() => toggle(column.key)}
                        aria-label={t('admin.shell.table.sortBy', { column: column.header })}
                      >
                        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : undefined}>
                          <Text fw={600} size="sm">
                            {column.header}
                          </Text>
                          {direction === 'ascending' ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : direction === 'descending' ? (
                            <IconArrowDown size={14} aria-hidden />
                          ) : (
                            <IconSelector size={14} aria-hidden />
                          )}
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">
                    {empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              sorted.map((row) => (
                <Table.Tr
                  key={rowKey(row)}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  style={onRowClick ? { cursor: 'pointer' } : undefined}
                >
                  {columns.map((column) => (
                    <Table.Td key={column.key} ta={column.numeric ? 'end' : undefined}>
                      {column.render(row)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {paging && pages > 1 && (
        <Group justify="space-between" mt="sm">
          <Text size="sm" c="dimmed">
            {t('admin.shell.table.total', { count: paging.total })}
          </Text>
          <Pagination
            total={pages}
            value={paging.page}
            onChange={paging.onPage}
            size="sm"
            getControlProps={(control) => ({
              'aria-label':
                control === 'previous'
                  ? t('admin.shell.table.previous')
                  : control === 'next'
                    ? t('admin.shell.table.next')
                    : undefined,
            })}
            getItemProps={(page) => ({ 'aria-label': t('admin.shell.table.page', { page }) })}
          />
        </Group>
      )}
    </>
  );
}
