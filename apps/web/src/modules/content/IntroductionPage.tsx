import { ContentView } from './ContentView';
import { useContentBySlug } from './content.api';

export default function IntroductionPage() {
  return <ContentView query={useContentBySlug('introduction')} />;
}
