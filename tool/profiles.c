/* pathprof tool: several profiles added into one.
 *
 * Copyright (C) 2026 The pathprof developers.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "tool.h"

int
tool_read_merged (char *const *paths, int n, struct ppd_profile *acc)
{
  char msg[PPD_MSG_SIZE];
  if (tool_read_profile (paths[0], acc))
    return -1;
  for (int i = 1; i < n; i++)
    {
      struct ppd_profile in;
      if (tool_read_profile (paths[i], &in))
        {
          ppd_profile_free (&in);
          return -1;
        }
      enum ppd_status st = ppd_merge (acc, &in, msg);
      ppd_profile_free (&in);
      if (st != PPD_OK)
        {
          if (st == PPD_ERR_MISMATCH)
            tool_error ("%s: cannot merge: %s", paths[i], msg);
          else
            tool_error ("%s: %s", paths[i], msg);
          return -1;
        }
    }
  return 0;
}
