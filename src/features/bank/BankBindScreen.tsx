/** Placeholder until this screen lands (issue 3). */
import { ComingSoonScreen } from '../../app/ComingSoonScreen';
import { useScreenPath } from '../../app/useScreenPath';

export default function Placeholder() {
  return <ComingSoonScreen path={useScreenPath()} />;
}
