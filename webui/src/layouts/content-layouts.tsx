// Content layouts nested in the frame (new-layout). Each adds its guard (see router.tsx) and
// its own spacing; all are plain wrappers so they cost nothing on the login page.
import { Outlet } from 'react-router';

export function DashboardLayout() {
  return (
    <div className="layout-dashboard" data-layout="dashboard">
      <Outlet />
    </div>
  );
}

export function StudentLayout() {
  return (
    <div className="layout-student" data-layout="student">
      <Outlet />
    </div>
  );
}

export function DefaultLayout() {
  return (
    <div className="layout-default" data-layout="default">
      <Outlet />
    </div>
  );
}

// Review pages: 256 px side padding on wide screens.
export function ReviewLayout() {
  return (
    <div className="layout-review" data-layout="review">
      <Outlet />
    </div>
  );
}

export function EventFormLayout() {
  return (
    <div className="layout-event-form" data-layout="event-form">
      <Outlet />
    </div>
  );
}
