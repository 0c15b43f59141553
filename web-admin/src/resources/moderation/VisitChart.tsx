import { Card, CardContent, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';

interface DailyVisits {
  id: string;
  day: string;
  views: number;
}

const HEIGHT = 120;

/**
 * Page views a day over the last 30 days (from the member site's `/statistic/add`), as bars; the table under it
 * gives screen readers the same figures.
 */
export function VisitChart() {
  const translate = useTranslate();
  const { data = [], isPending, error } = useGetList<DailyVisits>('visits', { pagination: { page: 1, perPage: 30 } });
  const max = Math.max(1, ...data.map((day) => day.views));
  const width = Math.max(1, data.length) * 12;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('moderation.visits.title')}
        </Typography>
        {isPending && <Typography>{translate('ra.page.loading')}</Typography>}
        {error && <Typography color="error">{translate('moderation.visits.unavailable')}</Typography>}
        {!isPending && !error && (
          <>
            <svg
              role="img"
              aria-label={translate('moderation.visits.chart', {
                total: data.reduce((sum, day) => sum + day.views, 0),
              })}
              viewBox={`0 0 ${width} ${HEIGHT}`}
              width="100%"
              height={HEIGHT}
              preserveAspectRatio="none"
            >
              {data.map((day, index) => {
                const height = (day.views / max) * (HEIGHT - 4);
                return (
                  <rect key={day.day} x={index * 12 + 1} y={HEIGHT - height} width={10} height={height} fill="#1976d2">
                    <title>{`${day.day}: ${day.views}`}</title>
                  </rect>
                );
              })}
            </svg>
            <table className="visually-hidden" style={{ position: 'absolute', left: -10000 }}>
              <caption>{translate('moderation.visits.title')}</caption>
              <tbody>
                {data.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{day.day}</th>
                    <td>{day.views}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </CardContent>
    </Card>
  );
}
