# Turns every migrations/NNNN_*.sql file into one C++ source with a sorted table,
# so the binaries carry their schema and need no files at run time.
file(GLOB SQL_FILES "${MIGRATIONS_DIR}/*.sql")
list(SORT SQL_FILES)
set(body "// Generated from lib/db/migrations by cmake/embed_sql.cmake. Do not edit.\n#include \"db/migrations.hpp\"\n\nnamespace camp::db {\n\nconst std::vector<Migration>& embedded_migrations() {\n  static const std::vector<Migration> all = {\n")
foreach(f ${SQL_FILES})
  get_filename_component(name "${f}" NAME_WE)
  file(READ "${f}" sql)
  string(REGEX MATCH "^[0-9]+" version "${name}")
  math(EXPR version "${version}")  # 0008 is no C++ literal (octal): emit 8
  string(APPEND body "    {${version}, \"${name}\", R\"camp_sql(${sql})camp_sql\"},\n")
endforeach()
string(APPEND body "  };\n  return all;\n}\n\n}  // namespace camp::db\n")
file(WRITE "${OUTPUT}.tmp" "${body}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUTPUT}.tmp" "${OUTPUT}")
