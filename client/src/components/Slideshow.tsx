// A slideshow that fades (SLIDESHOW_FADE_MS) from one image to the next every
// SLIDESHOW_INTERVAL_MS, looping; under reduced motion the change is instant (base.css).
import { useEffect, useState } from 'react';
import type { Media } from '../api/contract';
import { SLIDESHOW_FADE_MS, SLIDESHOW_INTERVAL_MS } from '../lib/constants';
import { Picture } from './Picture';
import './slideshow.css';

export function Slideshow({ images, label }: { images: Media[]; label: string }) {
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    if (images.length < 2) return undefined;
    const timer = window.setInterval(() => {
      setCurrent((index) => (index + 1) % images.length);
    }, SLIDESHOW_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [images.length]);

  if (images.length === 0) return null;
  return (
    <div className="slideshow" role="group" aria-roledescription="slideshow" aria-label={label}>
      {images.map((image, index) => (
        <div
          key={image.url}
          className="slideshow__slide"
          aria-hidden={index !== current}
          data-active={index === current}
          style={{ opacity: index === current ? 1 : 0, transitionDuration: `${SLIDESHOW_FADE_MS}ms` }}
        >
          <Picture media={image} formats={['medium', 'small']} priority={index === 0} />
        </div>
      ))}
    </div>
  );
}
