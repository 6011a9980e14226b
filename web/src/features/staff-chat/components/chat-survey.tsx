import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SurveySummary } from '@shared/schemas/surveys';
import { SurveyPanel } from '@/components/console/survey-panel';
import { apiJson } from '@/lib/api-client';
import { useStaffEvents } from '@/lib/live/staff-events';

const surveyKey = (conversationId: string) => ['/api/admin/chat/conversations', conversationId, 'survey'];

/** A closed chat's satisfaction survey and rating (decision 191), kept current by the chat's staff events. */
export function ChatSurvey({ conversationId }: { conversationId: string }) {
  const queryClient = useQueryClient();
  const survey = useQuery({
    queryKey: surveyKey(conversationId),
    queryFn: () =>
      apiJson<{ survey: SurveySummary | null }>('GET', `/api/admin/chat/conversations/${conversationId}/survey`),
  });
  useStaffEvents(['chat.updated'], (event) => {
    if (event === null || event.id === conversationId)
      void queryClient.invalidateQueries({ queryKey: surveyKey(conversationId) });
  });
  if (!survey.data) return null;
  return (
    <div className="border-t border-slate-200 p-3">
      <SurveyPanel
        survey={survey.data.survey}
        finished
        resendPath={`/api/admin/chat/conversations/${conversationId}/survey`}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: surveyKey(conversationId) })}
      />
    </div>
  );
}
