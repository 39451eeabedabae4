// The home page feature: its sections, composed by routes/home.tsx with the
// blog preview and the contact form.
export { HomeSections } from './components/HomeSections';
export { AboutSection } from './components/AboutSection';
export { HeroSection } from './components/HeroSection';
export { HomeCopyProvider } from './copy';
