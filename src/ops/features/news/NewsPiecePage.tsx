/** One piece of news: its languages side by side with the English, the preview, publish and withdraw. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { OpsNewsPublished } from '../../../domain/wire';
import { useDecision } from '../../api/decision';
import { ConfirmDialog } from '../../ui/Dialog';
import { dateTime } from '../../ui/format';
import { Button, Facts, Notice, Page, Spinner } from '../../ui/kit';
import { newsPieceQuery, publishNews, translateNews, withdrawNews } from './api';
import { NewsStatusBadge } from './NewsPage';
import { SideBySide, type PieceText } from './SideBySide';

export function NewsPiecePage() {
  const { t } = useLingui();
  const { id } = useParams({ from: '/desk/news/$id' });
  const queryClient = useQueryClient();
  const read = useQuery(newsPieceQuery(id));
  const save = useMutation({
    mutationFn: (text: PieceText) => translateNews({ id, ...text }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['ops', 'news'] }),
  });
  const publish = useDecision(publishNews);
  const withdraw = useDecision(withdrawNews);
  const [asking, setAsking] = useState<'publish' | 'withdraw' | null>(null);
  const [reached, setReached] = useState<OpsNewsPublished | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (read.isPending) return <Spinner label={t`Loading the piece…`} />;
  if (read.error) return <Page title={t`News`}><Notice>{read.error.message}</Notice></Page>;
  const piece = read.data;
  const english = piece.texts.find((text) => text.locale === 'en');
  const close = () => {
    setAsking(null);
    setRefusal(null);
  };
  const decide = async () => {
    setRefusal(null);
    try {
      if (asking === 'publish') setReached(await publish.mutateAsync({ id }));
      else await withdraw.mutateAsync({ id });
      setAsking(null);
    } catch (error) {
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Page
      title={english?.title ?? t`Piece #${id}`}
      subtitle={<Link to="/news" search={{ status: 'all', page: 1 }} className="text-teal-800 underline-offset-2 hover:underline">{t`All news`}</Link>}
      actions={
        <>
          <NewsStatusBadge status={piece.status} />
          {piece.status === 'published' ? (
            <Button tone="danger" onClick={() => setAsking('withdraw')}>{t`Withdraw`}</Button>
          ) : (
            <Button tone="primary" disabled={!english} onClick={() => setAsking('publish')}>{t`Publish`}</Button>
          )}
        </>
      }
    >
      <Facts
        items={[
          [t`Written`, dateTime(piece.createdAt)],
          [t`Published`, piece.publishedAt ? dateTime(piece.publishedAt) : '—'],
        ]}
      />
      {reached ? <Notice tone="success">{t({ message: plural(reached.pushed, { one: 'Published. The notification reached # device.', other: 'Published. The notification reached # devices.' }) })}</Notice> : null}
      <SideBySide key={piece.id} texts={piece.texts} busy={save.isPending} onSave={(text) => save.mutateAsync(text)} note={() => (piece.status === 'published' ? t`The piece is published: a saved language shows in the app at once (no notification is sent again).` : null)} />
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'publish' ? t`Publish this piece?` : t`Withdraw this piece?`}
        confirm={asking === 'publish' ? t`Publish and notify` : t`Withdraw`}
        tone={asking === 'withdraw' ? 'danger' : 'primary'}
        busy={publish.isPending || withdraw.isPending}
        onConfirm={() => void decide()}
        refusal={refusal}
        onClose={close}
      >
        {asking === 'publish' ? (
          <p>{t`It shows in the app's news at once, in each reader's language or else in English, and a push notification goes to every device subscribed to announcements (each device once). Nothing is posted to the ledger.`}</p>
        ) : (
          <p>{t`It leaves the app's news list and its page at once. Nothing is posted to the ledger; it can be published again later (devices already notified are not notified again).`}</p>
        )}
      </ConfirmDialog>
    </Page>
  );
}
