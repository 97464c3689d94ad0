import { Fragment, useMemo } from 'react';
import { linkify } from './linkify';

/**
 * A message's text as text nodes (React escapes them: no HTML is ever rendered), with its http(s)
 * addresses as links that open in a new tab without handing the page over (noopener) nor
 * vouching for the address (nofollow). Line breaks show through `white-space: pre-wrap`.
 */
export function MessageText({ text }: { text: string }) {
  const pieces = useMemo(() => linkify(text), [text]);
  return (
    <span className="ob-support-text">
      {pieces.map((piece, index) =>
        piece.kind === 'link' ? (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
          >
            {piece.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </span>
  );
}
