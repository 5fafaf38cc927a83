/**
 * A content page (about us, help centre, company profile, platform introduction, a tutorial):
 * the piece of the id the route gives, in the user's language or in English with a note.
 */
import { useLingui } from '@lingui/react/macro';
import { BookIcon } from '../../ui/icons';
import { ArticleScreen, type ArticleWay } from '../shared/Article';

/** `way`: where a page that is not there leads (a tutorial: the guide's list); home otherwise. */
export default function ContentScreen({ id, way }: { id: number | null; way?: ArticleWay }) {
  const { t } = useLingui();
  return (
    <ArticleScreen
      id={id}
      dated={false}
      missing={t`This page is not available.`}
      icon={<BookIcon size={36} />}
      way={way ?? { to: '/home', label: t`Go to home` }}
    />
  );
}
