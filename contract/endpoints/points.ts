import { get, noInput } from '../endpoint';
import * as points from '../points';

export const pointsEndpoints = {
  searchPointAsal: get('/search-point-asal', points.SearchPointQuerySchema, points.PointListSchema),
  searchPointAsalV2: get('/search-point-asal-v2', points.SearchPointV2QuerySchema, points.PointListSchema),
  searchPointTujuan: get('/search-point-tujuan', points.SearchPointQuerySchema, points.PointListSchema),
  searchPointTujuanV2: get('/search-point-tujuan-v2', points.SearchPointV2QuerySchema, points.PointListSchema),
  listTujuan: get('/list-tujuan', points.ListTujuanQuerySchema, points.PointListSchema),
  listTujuanV2: get('/list-tujuan-v2', points.ListTujuanV2QuerySchema, points.PointListSchema),
  listKeberangkatanOperator: get(
    '/list-keberangkatan-operator',
    points.ListKeberangkatanOperatorQuerySchema,
    points.PointListSchema,
  ),
  listKeberangkatanOperatorV2: get(
    '/list-keberangkatan-operator-v2',
    points.ListKeberangkatanOperatorQuerySchema,
    points.PointListSchema,
  ),
  kotaPopuler: get('/kota-populer', noInput(), points.PopularCityListSchema),
} as const;
