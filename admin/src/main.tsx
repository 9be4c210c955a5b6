import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Root } from './root';
import './styles.css';

const el = document.getElementById('root');
if (!el) throw new Error('no #root');
createRoot(el).render(
  <StrictMode>
    <ConfigProvider
      theme={{ token: { colorPrimary: '#1f5fd6', borderRadius: 4, fontSize: 13 } }}
      componentSize="middle"
    >
      <AntApp>
        <BrowserRouter basename="/admin">
          <Root />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
