#pragma once
// The user-facing message catalogue, word for word from the specification.
// webui/src/lib/messages.ts carries the same texts for client-side checks.
#include <string_view>

namespace camp::msg {

inline constexpr std::string_view email_required = "メールアドレスは必須です";
inline constexpr std::string_view email_format = "不正なメールアドレスです";
inline constexpr std::string_view password_required = "パスワードは必須です";
inline constexpr std::string_view password_too_short = "パスワードは8文字以上でご入力ください";
inline constexpr std::string_view password_too_long = "パスワードは16文字以下でご入力ください";
inline constexpr std::string_view nickname_too_long = "ニックネームは80文字以内でご入力ください";
inline constexpr std::string_view url_required = "URLは必須です";
inline constexpr std::string_view url_format = "不正なURLです";
inline constexpr std::string_view category_required = "カテゴリーは必須です";
inline constexpr std::string_view title_required = "タイトルは必須です";
inline constexpr std::string_view image_format =
    "jpg/png/webp いずれかの形式のファイルをアップロードしてください。";

// Messages of our own (the specification does not word these).
inline constexpr std::string_view invalid_input = "入力内容に誤りがあります";
inline constexpr std::string_view forbidden_character = "使用できない文字が含まれています";
inline constexpr std::string_view login_failed = "メールアドレスまたはパスワードが正しくありません";
inline constexpr std::string_view login_throttled =
    "ログインの試行回数が多すぎます。しばらくしてから再度お試しください";
inline constexpr std::string_view login_required = "ログインが必要です";
inline constexpr std::string_view email_taken = "このメールアドレスは既に使われています";
inline constexpr std::string_view forbidden = "この操作を行う権限がありません";
inline constexpr std::string_view not_found = "見つかりません";
inline constexpr std::string_view file_required = "ファイルを選択してください";
inline constexpr std::string_view file_too_large = "ファイルサイズが上限を超えています";
inline constexpr std::string_view title_too_long = "タイトルは200文字以内でご入力ください";
inline constexpr std::string_view body_too_long = "本文は20000文字以内でご入力ください";
inline constexpr std::string_view answer_required = "回答は必須です";
inline constexpr std::string_view category_unknown = "カテゴリーが見つかりません";
inline constexpr std::string_view category_name_required = "カテゴリー名は必須です";
inline constexpr std::string_view category_in_use = "質問が登録されているカテゴリーは削除できません";
inline constexpr std::string_view unavailable =
    "ただいまアクセスが集中しています。しばらくしてから再度お試しください";
inline constexpr std::string_view internal = "サーバーでエラーが発生しました";
inline constexpr std::string_view current_password_wrong = "現在のパスワードが正しくありません";
inline constexpr std::string_view password_attempts_throttled =
    "パスワードの試行回数が多すぎます。しばらくしてから再度お試しください";
inline constexpr std::string_view upload_forbidden_for_trial = "体験アカウントではファイルをアップロードできません";
inline constexpr std::string_view upload_quota_exceeded =
    "アップロードできる容量の上限に達しました";
inline constexpr std::string_view upload_rate_exceeded =
    "アップロードの回数が多すぎます。しばらくしてから再度お試しください";

// Concurrent writes (lib/db/errors.cpp).
inline constexpr std::string_view concurrent_update =
    "他の操作と同時に更新されたため保存できませんでした。もう一度お試しください";
inline constexpr std::string_view reference_changed =
    "関連するデータが変更または削除されたため保存できませんでした。画面を再読み込みしてください";

}  // namespace camp::msg
