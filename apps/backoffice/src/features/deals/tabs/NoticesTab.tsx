import { NotificationChannel, PersonRole, type Notice, type NoticeGroup } from '@lending/contracts';
import { useState } from 'react';
import { ConfirmDialog, EMPTY_VALUE, EmptyState, ErrorState, formatDate, formatDateTime, Loading, pluralize, TableScroll } from '@lending/ui';
import { channelsText, NoticeStateBadge, NotificationStateBadge } from '../../../shared/collections-badges';
import { afterFourEyes } from '../../../shared/four-eyes';
import { showToast } from '../../../shared/toast';
import { DownloadButton } from '../../../shared/ui/DownloadButton';
import { DescriptionList, Section } from '../../../shared/ui/Layout';
import { noticePdfPath, sendNotices, useNoticeGroups } from '../collections-api';
import { useRevalidateDeal } from '../parts-api';
import { CallsSection } from './CallsSection';
import { CancelGroupDialog, EditGroupDialog, PreviewDialog } from './NoticeDialogs';
import './deal-parts.css';

// "Upomínky" (issue 23 §5, docs/decisions/0048): the deal's notice groups — one per step of the
// ladder and round, one notice per addressee and channel — and the collector's call log and
// promises to pay. A PREPARED group may be sent now, edited or cancelled by collections.

type Dialog = { kind: 'edit' | 'cancel' | 'send'; group: NoticeGroup } | { kind: 'preview'; notice: Notice } | null;

export function groupTitle(group: NoticeGroup): string {
  return group.title;
}

export function NoticesTab({ dealId, canWrite }: { dealId: number; canWrite: boolean }) {
  const { data, error, mutate } = useNoticeGroups(dealId);
  const revalidate = useRevalidateDeal(dealId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  return (
    <>
      <Section title="Upomínky">
        {!data ? (
          error ? (
            <ErrorState error={error} onRetry={() => void mutate()} title="Upomínky se nepodařilo načíst." />
          ) : (
            <Loading label="Načítám upomínky…" />
          )
        ) : data.results.length === 0 ? (
          <EmptyState>K obchodu zatím nebyla připravena žádná upomínka.</EmptyState>
        ) : (
          data.results.map((group) => <GroupCard key={group.id} group={group} canWrite={canWrite} onAction={setDialog} />)
        )}
      </Section>
      <CallsSection dealId={dealId} canWrite={canWrite} />

      {dialog?.kind === 'preview' && <PreviewDialog notice={dialog.notice} onClose={close} />}
      {dialog?.kind === 'edit' && <EditGroupDialog dealId={dealId} group={dialog.group} onClose={close} />}
      {dialog?.kind === 'cancel' && <CancelGroupDialog dealId={dealId} group={dialog.group} onClose={close} />}
      {dialog?.kind === 'send' && (
        <ConfirmDialog
          open
          danger={false}
          title="Odeslat upomínky nyní"
          message={`${groupTitle(dialog.group)}: odeslat ${pluralize(dialog.group.notices.filter((n) => n.state === 'PREPARED').length, 'připravenou upomínku', 'připravené upomínky', 'připravených upomínek')} hned, bez čekání na noční zpracování?`}
          confirmLabel="Odeslat"
          onClose={close}
          onConfirm={async () => {
            const answer = await sendNotices(dealId, dialog.group.id);
            afterFourEyes(answer, (sent) => showToast(`Upomínky byly odeslány (${groupTitle(sent)}).`));
            await revalidate();
          }}
        />
      )}
    </>
  );
}

function GroupCard({ group, canWrite, onAction }: { group: NoticeGroup; canWrite: boolean; onAction: (dialog: Dialog) => void }) {
  const title = groupTitle(group);
  const editable = canWrite && group.state === 'PREPARED';
  return (
    <article className="purpose-card" aria-label={`${title} ze dne ${formatDate(group.date)}`}>
      <div className="section__header">
        <h3>{title}</h3>
        {editable && (
          <div className="section__actions">
            <button type="button" className="button button--small" onClick={() => onAction({ kind: 'send', group })}>
              Odeslat nyní
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => onAction({ kind: 'edit', group })}>
              Upravit
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => onAction({ kind: 'cancel', group })}>
              Zrušit
            </button>
          </div>
        )}
      </div>
      <DescriptionList
        items={[
          { label: 'Stav', value: <NoticeStateBadge state={group.state} /> },
          { label: 'Datum', value: formatDate(group.date) },
          { label: 'Splatnost do', value: formatDate(group.deadline) },
          { label: 'Kanály', value: channelsText(group.channels) || EMPTY_VALUE },
          { label: 'Doporučeně', value: group.registered ? 'Ano' : 'Ne' },
          ...(group.note ? [{ label: 'Poznámka', value: group.note }] : []),
          ...(group.cancel_reason ? [{ label: 'Důvod zrušení', value: group.cancel_reason }] : []),
          ...(group.sent_at ? [{ label: 'Odeslal', value: `${group.sent_by?.name ?? 'Automaticky'}, ${formatDateTime(group.sent_at)}` }] : []),
        ]}
      />
      {group.notices.length === 0 ? (
        <EmptyState>Skupina nemá žádné upomínky.</EmptyState>
      ) : (
        <NoticeTable caption={`Upomínky skupiny ${title}`} notices={group.notices} onPreview={(notice) => onAction({ kind: 'preview', notice })} />
      )}
    </article>
  );
}

function NoticeTable({ caption, notices, onPreview }: { caption: string; notices: readonly Notice[]; onPreview: (notice: Notice) => void }) {
  return (
    <TableScroll label={caption}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Adresát</th>
            <th scope="col">Role</th>
            <th scope="col">Kanál</th>
            <th scope="col">Příjemce</th>
            <th scope="col">Stav</th>
            <th scope="col">Doručení</th>
            <th scope="col">Akce</th>
          </tr>
        </thead>
        <tbody>
          {notices.map((notice) => {
            const failed = notice.state === 'FAILED' || notice.notification?.state === 'FAILED';
            const error = notice.notification?.error ?? notice.error;
            const who = `${notice.person.name} (${NotificationChannel.labels[notice.channel]})`;
            return (
              <tr key={notice.id} className={failed ? 'table__row--failed' : undefined}>
                <th scope="row">{notice.person.name}</th>
                <td>{PersonRole.labels[notice.role]}</td>
                <td>{NotificationChannel.labels[notice.channel]}</td>
                <td>{notice.recipient || EMPTY_VALUE}</td>
                <td>
                  <NoticeStateBadge state={notice.state} />
                  {notice.sent_at && (
                    <>
                      <br />
                      <span className="cell-note">{formatDateTime(notice.sent_at)}</span>
                    </>
                  )}
                </td>
                <td>
                  {notice.notification ? <NotificationStateBadge state={notice.notification.state} /> : EMPTY_VALUE}
                  {error && (
                    <>
                      <br />
                      <span className="cell-note cell-note--error">Chyba: {error}</span>
                    </>
                  )}
                </td>
                <td>
                  <div className="row-actions">
                    <button type="button" className="button button--secondary button--small" onClick={() => onPreview(notice)}>
                      Náhled<span className="visually-hidden"> upomínky pro {who}</span>
                    </button>
                    {notice.state === 'SENT' && notice.has_pdf && (
                      <DownloadButton path={noticePdfPath(notice.id)} fallbackName={`upominka-${notice.id}.pdf`}>
                        PDF<span className="visually-hidden"> upomínky pro {who}</span>
                      </DownloadButton>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
