import { useEffect, useState } from 'react';

/**
 * An object URL for a blob while it is shown (the CSP allows `blob:` images), revoked when the
 * blob changes or the component goes: the KYC review's previews and the back office's proofs.
 */
export function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}
