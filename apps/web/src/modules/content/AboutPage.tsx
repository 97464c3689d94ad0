import { Center, Loader } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ContentView } from './ContentView';
import { useContentById, usePublicSettings } from './content.api';

/** /about?title= shows the content item configured as the about page (ABOUT_CONTENT_ID). */
export default function AboutPage() {
  const [params] = useSearchParams();
  const settings = usePublicSettings();
  const aboutId = settings.data?.aboutContentId;
  const query = useContentById(aboutId ? String(aboutId) : null);
  if (settings.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return <ContentView query={query} fallbackTitle={params.get('title')} />;
}
