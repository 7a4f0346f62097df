import { z } from 'zod';
import { PointTypeSchema, idParam, pageParam } from './common';

/** A place a passenger can choose: a city (kota) or a pool/branch (cabang). */
export const PointSchema = z.object({
  id: z.number().int(),
  tipe: PointTypeSchema,
  nama: z.string(),
  kota_id: z.number().int(),
  kota_nama: z.string(),
  alamat: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type Point = z.infer<typeof PointSchema>;

export const PointListSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  list: z.array(PointSchema),
});
export type PointList = z.infer<typeof PointListSchema>;

const operatorKode = z.string().trim().min(1, 'operator_kode wajib diisi').max(20, 'operator_kode terlalu panjang');

// search-point-asal / search-point-tujuan
export const SearchPointQuerySchema = z.object({
  text: z.string().trim().max(64, 'text maksimal 64 karakter').default(''),
  page: pageParam,
});
export const SearchPointV2QuerySchema = SearchPointQuerySchema.extend({ operator_kode: operatorKode.optional() });

// list-tujuan: destinations reachable from an origin
export const ListTujuanQuerySchema = z.object({
  asal_id: idParam('asal_id'),
  asal_tipe: PointTypeSchema,
});
export const ListTujuanV2QuerySchema = ListTujuanQuerySchema.extend({ operator_kode: operatorKode.optional() });

// list-keberangkatan-operator: where an operator departs from
export const ListKeberangkatanOperatorQuerySchema = z.object({ operator_kode: operatorKode });

export const PopularCitySchema = z.object({
  id: z.number().int(),
  nama: z.string(),
  provinsi: z.string(),
  lat: z.number(),
  lon: z.number(),
});
export const PopularCityListSchema = z.object({ list: z.array(PopularCitySchema) });
export type PopularCity = z.infer<typeof PopularCitySchema>;
