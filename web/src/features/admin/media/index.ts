// The admin's Media tab: upload (picker and drag and drop, with progress),
// the image library with alt text, copy URL and delete.
export { MediaTab } from './components/MediaTab';
