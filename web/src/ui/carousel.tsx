import { type ReactNode, useEffect, useRef, useState } from 'react';
import './carousel.css';

interface CarouselProps<T> {
  readonly items: readonly T[];
  readonly itemKey: (item: T) => string | number;
  readonly render: (item: T) => ReactNode;
  readonly interval_ms?: number;
  readonly label: string;
}

/** A swipeable, auto-advancing banner strip on native scroll snapping (no animation library). */
export function Carousel<T>({
  items,
  itemKey,
  render,
  interval_ms = 4000,
  label,
}: CarouselProps<T>): ReactNode {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const touching = useRef(false);

  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || touching.current || document.hidden) return;
      const width = el.clientWidth;
      const current = Math.round(el.scrollLeft / width);
      const next = (current + 1) % items.length;
      el.scrollTo({ left: next * width, behavior: next === 0 ? 'auto' : 'smooth' });
    }, interval_ms);
    return () => clearInterval(timer);
  }, [items.length, interval_ms]);

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label}>
      <div
        className="carousel__track"
        ref={track}
        onScroll={(e) => {
          const el = e.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(el.clientWidth, 1)));
        }}
        onTouchStart={() => {
          touching.current = true;
        }}
        onTouchEnd={() => {
          touching.current = false;
        }}
      >
        {items.map((item) => (
          <div className="carousel__slide" key={itemKey(item)}>
            {render(item)}
          </div>
        ))}
      </div>
      {items.length > 1 ? (
        <div className="carousel__dots" aria-hidden="true">
          {items.map((item, i) => (
            <span
              key={itemKey(item)}
              className={i === index ? 'carousel__dot carousel__dot--on' : 'carousel__dot'}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
