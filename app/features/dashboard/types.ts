/** One line of the dashboard's recent activity (time as an ISO string). */
export type RecentActivity = {
  id: number;
  action: string;
  entityType: string;
  summary: string | null;
  actorName: string | null;
  actorEmail: string | null;
  createdAt: string;
};
