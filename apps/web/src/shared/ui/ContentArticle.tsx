import { Title, Typography } from '@mantine/core';

/**
 * A content body. The HTML was rendered from Markdown and sanitised by the server (scripts,
 * event handlers and javascript: links removed), so it is inserted as is.
 */
export function ContentArticle({ title, html, lang }: { title: string; html: string; lang?: string }) {
  return (
    <article lang={lang}>
      <Title order={1} mb="md" className="ob-page-title">
        {title}
      </Title>
      <Typography>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
        <div className="ob-content" dangerouslySetInnerHTML={{ __html: html }} />
      </Typography>
    </article>
  );
}
