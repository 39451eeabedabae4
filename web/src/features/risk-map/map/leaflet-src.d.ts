// Leaflet's source modules (leaflet-global.ts) ship without types; what the
// app uses of them is typed there, from @types/leaflet.
declare module 'leaflet/src/*';
