import { useState } from 'react';
import { useClientValue } from '../ssr/useClientValue.js';

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * Asks the browser for the visitor's position once per call of `locate`; `message` says what went wrong
 * (refused, unavailable, too slow) in words a visitor can act on.
 */
export function useGeolocation(onFound: (latitude: number, longitude: number) => void) {
  // Unknown (null) on the server and while hydrating, so server and browser render alike and the server's HTML
  // claims nothing about a browser it has not seen; true or false once the browser says.
  const available = useClientValue<boolean | null>(hasGeolocation, null);
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState('');
  const locate = () => {
    if (!available || locating) return;
    setLocating(true);
    setMessage('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setMessage('');
        onFound(position.coords.latitude, position.coords.longitude);
      },
      (error) => {
        setLocating(false);
        setMessage(
          error.code === error.PERMISSION_DENIED
            ? 'Location access was refused. Allow it in your browser to sort by distance.'
            : error.code === error.TIMEOUT
              ? 'Finding your location took too long. Please try again.'
              : 'Your location is not available right now. Please try again.',
        );
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };
  return { available, locating, message, locate };
}
