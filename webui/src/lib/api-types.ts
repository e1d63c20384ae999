// Shapes of the daemon's JSON (docs/api.md). Kept by hand until daemon/openapi.yaml exists.
export type Role =
  'admin' | 'basic_mentor' | 'advanced_mentor' | 'spot_advanced_mentor' | 'student' | 'graduate' | 'trial';

export type CourseCode = 'rails_4m' | 'rails_5m' | 'u29';

export interface Course {
  code: CourseCode | string;
  name: string;
  months: number;
}

export interface Account {
  id: number;
  role: Role;
  email: string;
  nickname: string | null;
  image_url: string | null;
  course: Course | null;
}

export interface AccountUpdate {
  nickname__c: string;
  personemail: string;
  account_image_01__c: string;
}

export interface SiteInfo {
  version: string;
  privacy_policy_url: string;
  terms_url: string;
}

export interface ApiErrorBody {
  error: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string[]>;
    request_id?: string;
  };
}
