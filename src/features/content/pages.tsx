/** Each content page as a screen of its own: the piece it shows, by its fixed id or the route's ?id. */
import { useLingui } from '@lingui/react/macro';
import { useSearch } from '@tanstack/react-router';
import { CONTENT_PAGES } from './api/queries';
import ContentScreen from './ContentScreen';

// The screen's title names each fixed page: its piece's title is not said again in the card.
export const AboutScreen = () => <ContentScreen id={CONTENT_PAGES.about} titled={false} />;
export const HelpScreen = () => <ContentScreen id={CONTENT_PAGES.help} titled={false} />;
export const CompanyScreen = () => <ContentScreen id={CONTENT_PAGES.company} titled={false} />;
export const IntroScreen = () => <ContentScreen id={CONTENT_PAGES.intro} titled={false} />;

export function TutorialScreen() {
  const { t } = useLingui();
  // The route sends a link without an id to the guide's list (listWithoutId).
  const { id } = useSearch({ from: '/members/home/tutorial-detail' });
  return <ContentScreen id={id ?? null} way={{ to: '/home/tutorial', label: t`All guides` }} />;
}
