/** The news: every piece by status, newest first, and a new one written in English. */
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from '../../../domain/news';
import type { OpsNews } from '../../../domain/wire';
import { dateTime } from '../../ui/format';
import { Badge, Button, Card, FilterTabs, Notice, Page, TextArea, TextInput } from '../../ui/kit';
import { PagedTable } from '../../ui/Table';
import { newsListQuery, writeNews, type NewsFilter } from './api';
import { PhonePreview } from './PhonePreview';

export function NewsStatusBadge({ status }: { status: OpsNews['status'] }) {
  const { t } = useLingui();
  if (status === 'published') return <Badge tone="good">{t`Published`}</Badge>;
  if (status === 'draft') return <Badge tone="waiting">{t`Draft`}</Badge>;
  return <Badge tone="neutral">{t`Withdrawn`}</Badge>;
}

function WriteNews() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [text, setText] = useState({ title: '', body: '' });
  const write = useMutation({
    mutationFn: () => writeNews({ locale: 'en', ...text }),
    onSuccess: (piece) => {
      void queryClient.invalidateQueries({ queryKey: ['ops', 'news'] });
      void navigate({ to: '/news/$id', params: { id: piece.id } });
    },
  });
  return (
    <Card title={t`Write a new piece (in English first)`}>
      <div className="grid grid-cols-[1fr_auto] gap-6 max-xl:grid-cols-1">
        <div lang="en" className="flex flex-col gap-3">
          <TextInput label={t`Title`} value={text.title} maxLength={NEWS_TITLE_MAX} onChange={(title) => setText({ ...text, title })} />
          <TextArea label={t`Text`} value={text.body} rows={10} maxLength={NEWS_BODY_MAX} onChange={(body) => setText({ ...text, body })} hint={t`Saved as a draft: nothing is shown in the app until it is published.`} />
          {write.error ? <Notice>{write.error.message}</Notice> : null}
          <div>
            <Button tone="primary" busy={write.isPending} disabled={!text.title.trim() || !text.body.trim()} onClick={() => write.mutate()}>
              {t`Save as draft`}
            </Button>
          </div>
        </div>
        {text.title || text.body ? <PhonePreview locale="en" title={text.title} body={text.body} caption={t`Preview as the app shows it`} /> : null}
      </div>
    </Card>
  );
}

export function NewsPage() {
  const { t } = useLingui();
  const { status, page } = useSearch({ from: '/desk/news' });
  const navigate = useNavigate({ from: '/news' });
  const list = useQuery(newsListQuery(status, page));
  const [writing, setWriting] = useState(false);
  return (
    <Page
      title={t`News`}
      subtitle={t`Announcements in the app, written in English and translated; publishing sends them to subscribed devices.`}
      actions={
        <>
          <FilterTabs
            label={t`Status`}
            value={status}
            onChange={(next: NewsFilter) => void navigate({ search: { status: next, page: 1 } })}
            options={[
              { value: 'all', label: t`All` },
              { value: 'draft', label: t`Drafts` },
              { value: 'published', label: t`Published` },
              { value: 'withdrawn', label: t`Withdrawn` },
            ]}
          />
          <Button tone="primary" onClick={() => setWriting(!writing)}>
            {writing ? t`Close` : t`Write a piece`}
          </Button>
        </>
      }
    >
      {writing ? <WriteNews /> : null}
      <Card>
        <PagedTable
          query={list}
          loading={t`Loading the news…`}
          empty={t`No piece of news here yet.`}
          caption={t`News, newest first`}
          rowKey={(piece) => piece.id}
          onPage={(next) => void navigate({ search: { status, page: next } })}
          columns={[
            {
              header: t`Title`,
              cell: (piece) => (
                <Link to="/news/$id" params={{ id: piece.id }} className="font-medium text-teal-800 underline-offset-2 hover:underline">
                  {(piece.translations.find((text) => text.locale === 'en') ?? piece.translations[0])?.title ?? `#${piece.id}`}
                </Link>
              ),
            },
            { header: t`Status`, cell: (piece) => <NewsStatusBadge status={piece.status} /> },
            { header: t`Languages`, cell: (piece) => t`${piece.translations.length} of 10` },
            { header: t`Written`, nowrap: true, cell: (piece) => dateTime(piece.createdAt) },
            { header: t`Published`, nowrap: true, cell: (piece) => (piece.publishedAt ? dateTime(piece.publishedAt) : '—') },
          ]}
        />
      </Card>
    </Page>
  );
}
