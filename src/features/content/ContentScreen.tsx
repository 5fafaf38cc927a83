/**
 * A content page (about us, help centre, company profile, platform introduction, a tutorial):
 * the piece of the id the route gives, in the user's language or in English with a note.
 */
import { useLingui } from '@lingui/react/macro';
import { BookIcon } from '../../ui/icons';
import { ArticleScreen } from '../shared/Article';

export default function ContentScreen({ id }: { id: number | null }) {
  const { t } = useLingui();
  return <ArticleScreen id={id} dated={false} missing={t`This page is not available.`} icon={<BookIcon size={36} />} />;
}
