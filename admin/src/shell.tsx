import { LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Layout, Menu, type MenuProps, Result, Space, Spin, Tag, Typography } from 'antd';
import { Suspense } from 'react';
import { Link, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useConsole } from './console';
import { GROUP_ICONS, type MenuGroup, ROUTES, type ScreenRoute } from './routes';
import { Security } from './security';

type MenuItem = Required<MenuProps>['items'][number];

function menuItems(routes: readonly ScreenRoute[]): MenuItem[] {
  const items: MenuItem[] = [];
  const groups = new Map<MenuGroup, MenuItem[]>();
  for (const r of routes) {
    const item: MenuItem = { key: r.path, icon: r.icon, label: <Link to={r.path}>{r.label}</Link> };
    if (!r.group) {
      items.push(item);
      continue;
    }
    let children = groups.get(r.group);
    if (!children) {
      children = [];
      groups.set(r.group, children);
      items.push({ key: `group:${r.group}`, icon: GROUP_ICONS[r.group], label: r.group, children });
    }
    children.push(item);
  }
  return items;
}

/** The frame of every screen: the side menu of what the operator may open, the header, the screen. */
export function Shell(props: { onEnrolled: () => void }) {
  const { session, can, signOut } = useConsole();
  const location = useLocation();
  const navigate = useNavigate();
  const allowed = ROUTES.filter((r) => can(r.endpoint));
  const current =
    allowed
      .filter((r) => (r.path === '/' ? location.pathname === '/' : location.pathname.startsWith(r.path)))
      .sort((a, b) => b.path.length - a.path.length)[0]?.path ?? '';
  const openGroups = ROUTES.filter((r) => r.group).map((r) => `group:${r.group}`);

  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Sider
        width={224}
        theme="dark"
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
      >
        <div className="console-logo">NEXA console</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[current]}
          defaultOpenKeys={[...new Set(openGroups)]}
          items={menuItems(allowed)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header">
          <Typography.Text type="secondary">
            {allowed.find((r) => r.path === current)?.label ?? ''}
          </Typography.Text>
          <Space size="middle">
            <Space size={4} data-testid="operator">
              <UserOutlined />
              <Typography.Text strong>{session.name}</Typography.Text>
              {session.roles.map((r) => (
                <Tag key={r} color={r === 'admin' ? 'red' : r === 'finance' ? 'blue' : 'green'}>
                  {r}
                </Tag>
              ))}
            </Space>
            <Button icon={<SafetyOutlined />} onClick={() => navigate('/security')}>
              Security
            </Button>
            <Button icon={<LogoutOutlined />} onClick={signOut} data-testid="sign-out">
              Sign out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="console-content">
          {!session.secondFactor && location.pathname !== '/security' ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              message="Your account has no second factor yet"
              description="Enrol an authenticator app: until you do, the console may refuse your actions."
              action={
                <Button type="primary" onClick={() => navigate('/security')} data-testid="enrol-banner">
                  Enrol now
                </Button>
              }
            />
          ) : null}
          <Suspense fallback={<Spin size="large" style={{ display: 'block', margin: '80px auto' }} />}>
            <Routes>
              {allowed.map((r) => (
                <Route key={r.path} path={r.path === '/' ? '/' : `${r.path}/*`} element={<r.screen />} />
              ))}
              <Route path="/security" element={<Security onEnrolled={props.onEnrolled} />} />
              <Route
                path="*"
                element={
                  <Result
                    status="403"
                    title="Not here"
                    subTitle="This screen does not exist, or your roles do not open it."
                    extra={
                      <Button type="primary" onClick={() => navigate(allowed[0]?.path ?? '/security')}>
                        Back
                      </Button>
                    }
                  />
                }
              />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
