// Every TanStack Query key of the my page feature.
export const mypageKeys = { all: ['mypage'] as const };
