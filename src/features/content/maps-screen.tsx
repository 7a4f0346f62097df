import { MapPin, Navigation } from 'lucide-react';
import { buttonStyles } from '../../components/button-styles';
import { Navbar } from '../../components/navbar';
import { externalClick } from '../../platform/native-bridge';
import { EmptyState } from '../../components/list-states';

export const MAPS_TEXT = {
  title: 'Peta Lokasi',
  open: 'Buka di Google Maps',
  directions: 'Petunjuk Arah',
  missing: 'Lokasi tidak ditemukan',
  missingHint: 'Tautan lokasi ini tidak lengkap. Buka lagi dari detail perjalanan.',
  coordinates: (lat: number, lon: number) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`,
} as const;

export interface MapsLocation {
  lat: number;
  lon: number;
  label: string;
}

/**
 * /app/maps: a departure or drop point. The map itself belongs to the maps app, reached through
 * the native host in a webview (spec section 2), so this page loads no map tiles.
 */
export function MapsScreen({ location }: { location: MapsLocation | null }) {
  return (
    <>
      <Navbar title={MAPS_TEXT.title} />
      <main id="main" className="mx-auto w-full max-w-2xl flex-1 px-4 py-4">
        {location ? (
          <section
            aria-labelledby="maps-label"
            className="hairline space-y-3 rounded-card border-grey-200 bg-white p-4"
          >
            <div className="flex items-start gap-3">
              <MapPin className="mt-0.5 size-6 shrink-0 text-danger-600" aria-hidden="true" />
              <div>
                <h1 id="maps-label" className="text-lg font-bold">
                  {location.label}
                </h1>
                <p className="text-sm text-grey-700">{MAPS_TEXT.coordinates(location.lat, location.lon)}</p>
              </div>
            </div>
            <div className="grid gap-2 desktop:grid-cols-2">
              <a
                href={`https://www.google.com/maps/search/?api=1&query=${location.lat},${location.lon}`}
                target="_blank"
                rel="noopener noreferrer"
                onClick={externalClick('maps')}
                className={buttonStyles.primary}
              >
                <MapPin className="size-4" aria-hidden="true" />
                {MAPS_TEXT.open}
              </a>
              <a
                href={`https://www.google.com/maps/dir/?api=1&destination=${location.lat},${location.lon}`}
                target="_blank"
                rel="noopener noreferrer"
                onClick={externalClick('maps')}
                className={buttonStyles.secondary}
              >
                <Navigation className="size-4" aria-hidden="true" />
                {MAPS_TEXT.directions}
              </a>
            </div>
          </section>
        ) : (
          <EmptyState icon={<MapPin className="size-10" aria-hidden="true" />} title={MAPS_TEXT.missing}>
            <p className="mt-1 text-sm text-grey-700">{MAPS_TEXT.missingHint}</p>
          </EmptyState>
        )}
      </main>
    </>
  );
}
