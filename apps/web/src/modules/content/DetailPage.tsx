import { Container } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ContentNotFound, ContentView } from './ContentView';
import { useContentById } from './content.api';

/** /detail?id=&title= (SPEC §2). */
export default function DetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const query = useContentById(id && /^[1-9]\d{0,17}$/.test(id) ? id : null);
  if (!id || !/^[1-9]\d{0,17}$/.test(id)) {
    return (
      <Container size="md" py="xl">
        <ContentNotFound />
      </Container>
    );
  }
  return <ContentView query={query} fallbackTitle={params.get('title')} />;
}
