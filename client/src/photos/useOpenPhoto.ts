import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { OPEN_PHOTO_PARAM } from './photoLinks.ts';

/** Router state of an entry this page pushed to open a photo: closing it goes back to the entry before. */
const OPENED_HERE = 'photoOpenedHere';

/**
 * Which photo is open full size, kept in the address (`?photo=<id>`): the phone's Back closes
 * it, a reload opens it again. Opening pushes an entry (keeping the page's own state, e.g.
 * where its Back leads); closing goes back to the entry before, or, for an address opened as
 * it is, drops the parameter in place.
 */
export function useOpenPhoto() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = Number(params.get(OPEN_PHOTO_PARAM)) || null;
  const state = location.state as Record<string, unknown> | null;

  const withPhoto = useCallback(
    (id: number | null) => {
      const next = new URLSearchParams(location.search);
      if (id === null) next.delete(OPEN_PHOTO_PARAM);
      else next.set(OPEN_PHOTO_PARAM, String(id));
      const search = next.toString();
      return { pathname: location.pathname, search: search ? `?${search}` : '' };
    },
    [location.pathname, location.search],
  );

  const open = useCallback(
    (id: number) => navigate(withPhoto(id), { state: { ...state, [OPENED_HERE]: true } }),
    [navigate, withPhoto, state],
  );
  /** Another photo in the same view: the entry is replaced, so Back still closes the view. */
  const show = useCallback((id: number) => navigate(withPhoto(id), { replace: true, state }), [navigate, withPhoto, state]);
  const close = useCallback(() => {
    if (state?.[OPENED_HERE]) navigate(-1);
    else navigate(withPhoto(null), { replace: true, state });
  }, [navigate, withPhoto, state]);

  return { openId, open, show, close };
}
