// The one catalogue of user-facing validation and feedback messages (spec §5, §8).
// Every Japanese string here is quoted word for word from the product specification.
export const messages = {
  email: {
    required: 'メールアドレスは必須です',
    invalid: '不正なメールアドレスです',
  },
  url: {
    required: 'URLは必須です',
    invalid: '不正なURLです',
  },
  repositoryUrl: {
    originalSource: 'クローン元のリポジトリへのpushはできません',
  },
  password: {
    required: 'パスワードは必須です',
    min: 'パスワードは8文字以上でご入力ください',
    max: 'パスワードは16文字以下でご入力ください',
  },
  nickname: {
    max: 'ニックネームは80文字以内でご入力ください',
  },
  question: {
    categoryRequired: 'カテゴリーは必須です',
    titleRequired: 'タイトルは必須です',
  },
  // Not in the spec (it has no answer rule): the answer form's own wording.
  answer: {
    bodyRequired: '回答を入力してください',
  },
  review: {
    commentRequired: 'コメントは必須です',
    statusRequired: 'ステータスは必須です',
  },
  event: {
    titleRequired: 'タイトルは必須です',
    capacityRequired: '定員は必須です',
    capacityDigits: '半角数字のみ入力してください',
    capacityMin: (n: number) => `${n}名(現在の参加人数)以上で設定してください`,
    capacityMax: '1000名以下で設定してください',
    startDateRequired: '開催日は必須です',
  },
  mentoring: {
    dateRequired: 'メンタリング日時は必須です',
    dateInvalid: 'メンタリング日時が不正なフォーマットです',
    bodyRequired: '内容は必須です',
    bodyMax: '内容は500文字以内でご入力ください',
  },
  mentorInCharge: {
    required: '担当は必須です',
  },
  image: {
    invalidType: 'jpg/png/webp いずれかの形式のファイルをアップロードしてください。',
  },
  feedback: {
    loggedOut: 'ログアウトしました。',
    accountUpdated: 'アカウント情報が変更されました',
    questionCreated: '質問を投稿しました',
    questionUpdated: '質問を更新しました',
    questionDeleted: '質問を削除しました',
    answerCreated: '回答を投稿しました',
    answerUpdated: '回答を更新しました',
    answerDeleted: '回答を削除しました',
  },
} as const;

// Business constants (spec §9).
export const limits = {
  nicknameMax: 80,
  passwordMin: 8,
  passwordMax: 16,
  eventCapacityMin: 1,
  eventCapacityMax: 1000,
  mentoringBodyMax: 500,
  mentoringDateMin: 14,
  imageExtensions: ['jpg', 'jpeg', 'png', 'webp'],
  imageMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
