import { useEffect, useRef, useState } from 'react';

/**
 * The business photo, or a placeholder of the same place when there is none or it fails to load. A photo that
 * failed in the server-rendered HTML before React listened is caught by the check after hydration.
 */
export function DetailPhoto({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(img.getAttribute('src'));
  }, [src]);
  if (!src || src === failed)
    return (
      <div className="detail-photo photo-placeholder" role="img" aria-label={`No photo of ${name}`}>
        <span aria-hidden="true">🏢</span>
        <span>{src ? 'Photo unavailable' : 'No photo yet'}</span>
      </div>
    );
  return <img ref={ref} className="detail-photo" src={src} alt={name} onError={() => setFailed(src)} />;
}
