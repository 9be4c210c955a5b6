import { Button, Modal, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { ListItem } from '../api';
import { failureText, useConsole } from '../console';
import { type DataColumn, download, toCsv } from '../ui/data-table';
import type { ListFilters } from '../ui/lists';

type Entry = ListItem<'/admin/audit/list'>;

/** The most rows an export fetches. */
export const EXPORT_CAP = 10_000;
const EXPORT_PAGE = 100;

/** How far an export has come (or why it stopped). */
export interface Exporting {
  readonly done: number;
  readonly total: number;
  readonly error?: string;
}

/**
 * The audit log's export: every page of the filter (up to EXPORT_CAP rows) fetched in turn, then saved as one
 * CSV of `columns`. `exporting` is null when no export runs; `cancel` stops one after its current page.
 */
export function useAuditExport(
  filters: ListFilters<'/admin/audit/list'>,
  columns: readonly DataColumn<Entry>[],
) {
  const { call } = useConsole();
  const [exporting, setExporting] = useState<Exporting | null>(null);
  const cancelled = useRef(false);

  const start = async () => {
    cancelled.current = false;
    const rows: Entry[] = [];
    setExporting({ done: 0, total: 0 });
    try {
      for (let page = 1; ; page++) {
        const data = await call('/admin/audit/list', { ...filters, page, size: EXPORT_PAGE });
        rows.push(...data.list);
        const total = Math.min(data.total, EXPORT_CAP);
        setExporting({ done: Math.min(rows.length, total), total });
        if (cancelled.current) return setExporting(null);
        if (data.list.length < EXPORT_PAGE || rows.length >= total) break;
      }
      const cols = columns.filter((c) => !c.action);
      download(
        `audit-${new Date().toISOString().slice(0, 19).replace(/:/g, '')}.csv`,
        toCsv(rows.slice(0, EXPORT_CAP), cols),
      );
      setExporting(null);
    } catch (e) {
      setExporting((x) => ({ done: x?.done ?? 0, total: x?.total ?? 0, error: failureText(e) }));
    }
  };

  const cancel = () => {
    cancelled.current = true;
    setExporting(null);
  };

  return { exporting, start, cancel };
}

/** The export's progress while it runs, or why it stopped; Cancel (Close once it failed). */
export function ExportModal({ exporting, onCancel }: { exporting: Exporting | null; onCancel: () => void }) {
  return (
    <Modal
      open={exporting !== null}
      title="Exporting the audit log"
      footer={<Button onClick={onCancel}>{exporting?.error ? 'Close' : 'Cancel'}</Button>}
      closable={false}
    >
      {exporting?.error ? (
        <Typography.Text type="danger">The export stopped: {exporting.error}</Typography.Text>
      ) : (
        <>
          <Progress
            percent={
              exporting && exporting.total > 0 ? Math.floor((exporting.done / exporting.total) * 100) : 0
            }
            status="active"
          />
          <Typography.Text type="secondary">
            {exporting?.done ?? 0} of {exporting?.total || '…'} rows (at most{' '}
            {EXPORT_CAP.toLocaleString('en-US')})
          </Typography.Text>
        </>
      )}
    </Modal>
  );
}
