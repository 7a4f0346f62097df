import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { MapsScreen } from '../../features/content/maps-screen';

/** A bad or missing coordinate falls back to "not found", never a blank page. */
const mapsSearchSchema = z.object({
  lat: z.coerce.number().min(-90).max(90).optional().catch(undefined),
  lon: z.coerce.number().min(-180).max(180).optional().catch(undefined),
  label: z.string().max(120).optional().catch(undefined),
});

export const Route = createFileRoute('/app/maps')({
  staticData: { routeName: 'maps' },
  validateSearch: mapsSearchSchema,
  component: function MapsRoute() {
    const { lat, lon, label } = Route.useSearch();
    const location = lat !== undefined && lon !== undefined ? { lat, lon, label: label ?? 'Titik lokasi' } : null;
    return <MapsScreen location={location} />;
  },
});
