// leaflet.heat ships no types: it is imported for its effect on the global L
// (see leaflet-global.ts, which types what it adds).
declare module 'leaflet.heat';
