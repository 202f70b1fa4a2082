// The external host's player. It loads only with media cookie consent; before it, the poster
// and a prompt to allow media cookies. With clickToPlay the poster shows until it is tapped
// (give the player a key per video so that a new video starts from its poster again).
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { DEFAULT_SUBTITLES, PLAYER_HIGHLIGHT, PLAYER_URL } from '../lib/constants';
import { selectIsEmbedded } from '../session/auth-slice';
import { type ConsentState, mediaAllowed, selectMediaConsent } from '../session/consent-slice';
import { PlayIcon } from './icons';
import { playerHeight, playerUrl } from './player-size';
import './video-player.css';

interface VideoPlayerProps {
  videoId: string | null | undefined;
  title: string;
  poster?: string | null;
  autoplay?: boolean;
  clickToPlay?: boolean;
  withSideColumn?: boolean;
  onPlay?: () => void;
}

function useWindowSize() {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const update = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return size;
}

export function VideoPlayer({
  videoId,
  title,
  poster,
  autoplay = true,
  clickToPlay = false,
  withSideColumn = false,
  onPlay,
}: VideoPlayerProps) {
  const dispatch = useDispatch();
  const allowed = useSelector((state: { consent: ConsentState }) => selectMediaConsent(state));
  const embedded = useSelector(selectIsEmbedded);
  const [started, setStarted] = useState(!clickToPlay);
  const { width, height } = useWindowSize();
  // The SPEC's wide-screen height caps the 16:9 frame, so the video fits the window without
  // growing taller than its own width allows in our centred layout.
  const maxHeight = playerHeight(width, height, withSideColumn);
  const style = maxHeight ? { maxHeight: `${maxHeight}px` } : undefined;

  useEffect(() => {
    if (!clickToPlay && allowed && videoId) onPlay?.();
    // Only when the video itself changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [videoId, allowed]);

  const posterImage = poster ? <img className="player__poster" src={poster} alt="" /> : null;

  if (!videoId) {
    return (
      <div className="player player--empty" style={style}>
        {posterImage}
      </div>
    );
  }
  if (!allowed && embedded) {
    // The app holds the cookie choice of its web views: no prompt here, only what to do there.
    return (
      <div className="player player--consent" style={style}>
        {posterImage}
        <div className="player__prompt">
          <p>Videos play once media cookies are allowed in the app&apos;s privacy settings.</p>
        </div>
      </div>
    );
  }
  if (!allowed) {
    return (
      <div className="player player--consent" style={style}>
        {posterImage}
        <div className="player__prompt">
          <p>This video is played by an external video host that uses cookies. Allow media cookies to watch it.</p>
          <button type="button" className="button" onClick={() => dispatch(mediaAllowed())}>
            Allow media cookies
          </button>
        </div>
      </div>
    );
  }
  if (!started) {
    return (
      <div className="player" style={style}>
        {posterImage}
        <button
          type="button"
          className="player__play"
          aria-label={`Play ${title}`}
          onClick={() => {
            setStarted(true);
            onPlay?.();
          }}
        >
          <PlayIcon />
        </button>
      </div>
    );
  }
  return (
    <div className="player" style={style}>
      <iframe
        className="player__frame"
        title={title}
        src={playerUrl(PLAYER_URL, videoId, {
          autoplay: autoplay || clickToPlay,
          subtitles: DEFAULT_SUBTITLES,
          highlight: PLAYER_HIGHLIGHT,
        })}
        allow="autoplay; fullscreen; picture-in-picture; web-share"
        allowFullScreen
      />
    </div>
  );
}
