import { createRoot } from 'react-dom/client';
import { App } from './app';
// The lazily loaded parts' styles, here: esbuild gathers an entry's CSS into one style sheet.
import '@xyflow/react/dist/style.css';
import 'uplot/dist/uPlot.min.css';
import './styles.css';

createRoot(document.getElementById('console')!).render(<App />);
