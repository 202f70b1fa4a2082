// The external host's player. It loads only with media cookie consent; before it, the poster
// and a prompt to allow media cookies. With clickToPlay the poster shows until it is tapped
// (give the player a key per video so that a new video starts from its poster again).
// Given the item it plays, for a signed-in member it offers to resume at the saved place
// ('Resume at 12:40' or 'Start over') and announces what the host's player tells (play, time,
// pause, end, leaving), which state/playback-saga.ts reports (docs/learning-and-puzzles.md, Continue learning), and
// goes to the places the page asks for (a key position tapped: playback-slice's seekRequested).
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { DEFAULT_SUBTITLES, PLAYER_HIGHLIGHT, PLAYER_URL } from '../lib/constants';
import { formatClock } from '../lib/format';
import { selectIsEmbedded, selectIsSignedIn, type AuthState } from '../state/auth-slice';
import { type ConsentState, mediaAllowed, selectMediaConsent } from '../state/consent-slice';
import {
  itemKey,
  type PlaybackItem,
  type PlaybackState,
  playbackEnded,
  playbackLeft,
  playbackPaused,
  playbackProgressed,
  playbackStarted,
  positionForgotten,
  positionRequested,
  resumableAt,
  selectSavedPosition,
  selectSeek,
} from '../state/playback-slice';
import { PlayIcon } from './icons';
import { parsePlayerMessage, playerCommand } from './player-api';
import { playerHeight, playerUrl } from './player-size';
import './video-player.css';

interface VideoPlayerProps {
  videoId: string | null | undefined;
  title: string;
  poster?: string | null;
  /** The poster's focal point (the image's `focalPoint`): kept in view where the frame crops it, as
   * cards keep it (Picture). */
  posterFocus?: { x: number; y: number } | null;
  autoplay?: boolean;
  clickToPlay?: boolean;
  withSideColumn?: boolean;
  onPlay?: () => void;
  /** The item played, as the BFF names it: its place is saved and offered again. */
  item?: PlaybackItem | null;
}

type PlayerRoot = { consent: ConsentState; auth: AuthState; playback: PlaybackState };

/** The player's origin, where commands go (a relative template has the page's). */
function originOf(url: string): string {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return '*';
  }
}

/**
 * Listens to the host's player in `frame` and announces its events for `item`; seeks to `seekTo`
 * once its API is ready. Leaving (unmounting, another item) is announced too.
 */
function usePlayerEvents(
  frame: RefObject<HTMLIFrameElement | null>,
  item: PlaybackItem | null | undefined,
  shown: boolean,
  seekTo: number | null,
  origin: string,
) {
  const dispatch = useDispatch();
  const key = item ? itemKey(item) : null;
  // Listening starts as the frame is put in the page, before the player can say it is ready: an
  // effect would start after the browser paints, and a quick player's 'apiready' (and so the
  // seek to the saved place) could come first and be lost.
  useLayoutEffect(() => {
    if (!shown || !item) return undefined;
    let position = seekTo ?? 0;
    let duration = 0;
    let second = -1;
    const at = () => ({ item, position, duration });
    const onMessage = (event: MessageEvent) => {
      const player = frame.current?.contentWindow;
      if (!player || event.source !== player) return;
      const message = parsePlayerMessage(event.data);
      if (!message) return;
      if (message.duration !== undefined && message.duration > 0) duration = message.duration;
      if (message.time !== undefined) position = message.time;
      switch (message.event) {
        case 'apiready':
          if (seekTo !== null) player.postMessage(playerCommand('seek', [seekTo]), origin);
          break;
        case 'play':
        case 'playing':
          dispatch(playbackStarted(at()));
          break;
        case 'pause':
          dispatch(playbackPaused(at()));
          break;
        case 'end':
        case 'video_end':
          dispatch(playbackEnded(at()));
          break;
        default:
          // timeupdate, seeked, durationchange: at most once a second of the video.
          if (message.time !== undefined && Math.floor(position) !== second) {
            second = Math.floor(position);
            dispatch(playbackProgressed(at()));
          }
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      dispatch(playbackLeft(item));
    };
    // The item's key names it; seekTo is read when its frame first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, key, dispatch, frame, origin]);
}

/**
 * The saved place of a signed-in member's item, asked for when it opens: `waiting` until the
 * answer is in (the player holds its poster meanwhile), then where to offer resuming (or null).
 */
function useSavedPlace(item: PlaybackItem | null | undefined, tracked: boolean) {
  const dispatch = useDispatch();
  const key = item ? itemKey(item) : '';
  const saved = useSelector((state: PlayerRoot) => (key ? selectSavedPosition(state, key) : undefined));
  useEffect(() => {
    if (!tracked || !key) return undefined;
    dispatch(positionRequested(key));
    // Asked anew at each opening: another device may have moved it meanwhile.
    return () => {
      dispatch(positionForgotten(key));
    };
  }, [tracked, key, dispatch]);
  if (!tracked) return { waiting: false, resumeAt: null };
  if (saved?.status !== 'succeeded' && saved?.status !== 'failed') return { waiting: true, resumeAt: null };
  return { waiting: false, resumeAt: saved.status === 'succeeded' ? resumableAt(saved.data) : null };
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

/** The poster with a question over it, in the player's place (media cookies, where to resume). */
function PlayerPrompt({
  kind,
  style,
  poster,
  label,
  children,
}: {
  kind: 'consent' | 'resume';
  style: CSSProperties | undefined;
  poster: ReactNode;
  /** Names the prompt when it is a group of choices. */
  label?: string;
  children: ReactNode;
}) {
  return (
    <div className={`player player--${kind}`} style={style}>
      {poster}
      <div className="player__prompt" role={label ? 'group' : undefined} aria-label={label}>
        {children}
      </div>
    </div>
  );
}

export function VideoPlayer({
  videoId,
  title,
  poster,
  posterFocus,
  autoplay = true,
  clickToPlay = false,
  withSideColumn = false,
  onPlay,
  item,
}: VideoPlayerProps) {
  const dispatch = useDispatch();
  const allowed = useSelector((state: { consent: ConsentState }) => selectMediaConsent(state));
  const embedded = useSelector(selectIsEmbedded);
  const signedIn = useSelector(selectIsSignedIn);
  const [started, setStarted] = useState(!clickToPlay);
  const key = item ? itemKey(item) : null;
  const tracked = Boolean(item && signedIn && allowed && videoId);
  // The member's answer to the resume prompt, for this item: where the player starts.
  const [choice, setChoice] = useState<{ key: string | null; at: number } | null>(null);
  const chosen = choice && choice.key === key ? choice : null;
  const { waiting, resumeAt } = useSavedPlace(item, tracked && !chosen);
  const frame = useRef<HTMLIFrameElement>(null);
  const src = videoId
    ? playerUrl(PLAYER_URL, videoId, {
        autoplay: autoplay || clickToPlay || chosen !== null,
        subtitles: DEFAULT_SUBTITLES,
        highlight: PLAYER_HIGHLIGHT,
        api: Boolean(item),
        start: chosen?.at,
      })
    : '';
  const showsFrame = Boolean(videoId && allowed && started && !waiting && (chosen || resumeAt === null));
  usePlayerEvents(frame, item, showsFrame, chosen ? chosen.at : null, originOf(src));
  const seek = useSelector((state: PlayerRoot) => (key ? selectSeek(state, key) : undefined));
  useEffect(() => {
    if (seek && showsFrame) frame.current?.contentWindow?.postMessage(playerCommand('seek', [seek.at]), originOf(src));
    // Each ask once, when it is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seek?.n]);
  const { width, height } = useWindowSize();
  // The wide-screen height rule (client/README.md: How the shell works, Player) caps the 16:9
  // frame, so the video fits the window without growing taller than its own width allows in our
  // centred layout.
  const maxHeight = playerHeight(width, height, withSideColumn);
  const style = maxHeight ? { maxHeight: `${maxHeight}px` } : undefined;

  useEffect(() => {
    if (!clickToPlay && allowed && videoId) onPlay?.();
    // Only when the video itself changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [videoId, allowed]);

  const posterStyle = posterFocus ? { objectPosition: `${posterFocus.x}% ${posterFocus.y}%` } : undefined;
  const posterImage = poster ? <img className="player__poster" src={poster} style={posterStyle} alt="" /> : null;

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
      <PlayerPrompt kind="consent" style={style} poster={posterImage}>
        <p>Videos play once media cookies are allowed in the app&apos;s privacy settings.</p>
      </PlayerPrompt>
    );
  }
  if (!allowed) {
    return (
      <PlayerPrompt kind="consent" style={style} poster={posterImage}>
        <p>This video is played by an external video host that uses cookies. Allow media cookies to watch it.</p>
        <button type="button" className="button" onClick={() => dispatch(mediaAllowed())}>
          Allow media cookies
        </button>
      </PlayerPrompt>
    );
  }
  if (waiting) {
    // The saved place is on its way: the poster holds the player's place until it is.
    return (
      <div className="player" style={style} aria-busy="true">
        {posterImage}
      </div>
    );
  }
  if (resumeAt !== null && !chosen) {
    const choose = (at: number) => {
      setChoice({ key, at });
      setStarted(true);
      if (clickToPlay) onPlay?.();
    };
    return (
      <PlayerPrompt kind="resume" style={style} poster={posterImage} label={`Continue ${title}`}>
        <p>Pick up where you left off?</p>
        <div className="player__choices">
          <button type="button" className="button" onClick={() => choose(resumeAt)}>
            Resume at {formatClock(resumeAt)}
          </button>
          <button type="button" className="button button--secondary" onClick={() => choose(0)}>
            Start over
          </button>
        </div>
      </PlayerPrompt>
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
  // The poster stays under the frame: it holds the player's place while the host's player loads
  // (or never does), and the page counts as drawn without waiting for a third-party frame
  // (app/first-screen.ts takes the server's first screen's place once the same pictures show).
  return (
    <div className="player" style={style}>
      {posterImage}
      <iframe
        ref={frame}
        className="player__frame"
        title={title}
        src={src}
        allow="autoplay; fullscreen; picture-in-picture; web-share"
        allowFullScreen
      />
    </div>
  );
}
