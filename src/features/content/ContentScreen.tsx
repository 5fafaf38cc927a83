/**
 * A content page (about us, help centre, company profile, platform introduction, a tutorial):
 * the piece of the id the route gives, in the user's language or in English with a note.
 */
import { useLingui } from '@lingui/react/macro';
import { BookIcon } from '../../ui/icons';
import { ArticleScreen, type ArticleWay } from '../shared/Article';

/**
 * `way`: where a page that is not there leads (a tutorial: the guide's list); home otherwise.
 * `titled`: the piece's title is shown above its text — not on a page whose screen title already names it (about us, help…).
 */
export default function ContentScreen({ id, way, titled = true }: { id: number | null; way?: ArticleWay; titled?: boolean }) {
  const { t } = useLingui();
  return (
    <ArticleScreen
      id={id}
      dated={false}
      titled={titled}
      missing={t`This page is not available.`}
      icon={<BookIcon size={36} />}
      way={way ?? { to: '/home', label: t`Go to home` }}
    />
  );
}
