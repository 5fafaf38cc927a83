/** One piece of news (/news/detail?id=): its title, date and whole text (features/shared/Article.tsx). */
import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { MegaphoneIcon } from '../../ui/icons';
import { ArticleScreen } from '../shared/Article';

export default function NewsDetailScreen() {
  const { t } = useLingui();
  const { id = null } = useSearch({ from: '/news/detail' });
  return (
    <ArticleScreen id={id} dated missing={t`This news is no longer available.`} icon={<MegaphoneIcon size={36} />} way={{ to: '/news', label: t`All news` }} />
  );
}
