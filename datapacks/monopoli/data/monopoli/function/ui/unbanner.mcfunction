$function monopoli:board/$(board)/unbanner/$(space)
