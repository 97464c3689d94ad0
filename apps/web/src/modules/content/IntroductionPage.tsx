import { useContentBySlug } from './content.api';
import { ContentView } from './ContentView';

export default function IntroductionPage() {
  return <ContentView query={useContentBySlug('introduction')} />;
}
