import { Image, Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/** A QR code of `value`, drawn by the qrcode package (loaded with the screen showing it, never the first page). */
export function QrCode({
  value,
  alt,
  size = 180,
  testId,
}: {
  value: string;
  alt: string;
  size?: number;
  testId?: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [isBroken, setBroken] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    setUrl(null);
    setBroken(false);
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(value, { margin: 1, width: size, errorCorrectionLevel: 'M' }))
      .then(
        (dataUrl) => {
          if (isCurrent) setUrl(dataUrl);
        },
        () => {
          if (isCurrent) setBroken(true);
        },
      );
    return () => {
      isCurrent = false;
    };
  }, [value, size]);
  if (isBroken) return null;
  if (!url) return <Skeleton width={size} height={size} aria-hidden />;
  return <Image src={url} alt={alt} w={size} h={size} radius="sm" data-testid={testId} />;
}
