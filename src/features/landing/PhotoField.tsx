import type { CSSProperties } from 'react';
import type { GalleryPhoto } from './gallery';
import { photoSlot } from './layout';
import { LANDING_MESSAGES as M } from './messages';

interface Props {
  photos: GalleryPhoto[];
  /** The info overlay is open: the field shrinks to 0.95 (spec §4). */
  dimmed: boolean;
  onOpen: (photo: GalleryPhoto) => void;
}

/**
 * The floating photo field: round photos in three depth layers drifting sideways in an endless
 * loop. All motion is CSS (keyframes in landing.css); each photo only sets its variables.
 */
export function PhotoField({ photos, dimmed, onOpen }: Props) {
  return (
    <div className={`ld-field${dimmed ? ' ld-field--dimmed' : ''}`}>
      {photos.map((photo, i) => {
        const s = photoSlot(i, photos.length);
        const style = {
          '--size': `${s.size}px`,
          '--dur': `${s.durationS}s`,
          '--delay': `${s.delayS}s`,
          '--rest-x': String(s.restX),
          '--top': String(s.top),
          zIndex: 1 + s.depth,
        } as CSSProperties;
        return (
          <button
            key={photo.src + i}
            type="button"
            className={`ld-photo ld-photo--${s.direction} ld-photo--depth${s.depth} ld-photo--${photo.border}`}
            style={style}
            data-testid="landing-photo"
            aria-label={M.photoOpen(photo.alt)}
            onClick={() => onOpen(photo)}
          >
            <img src={photo.src} alt="" width={s.size} height={s.size} decoding="async" draggable={false} />
          </button>
        );
      })}
    </div>
  );
}
