jsonFlickrFeed({
		"title": "Recent Uploads tagged sunset",
		"link": "https:\/\/www.flickr.com\/photos\/tags\/sunset\/",
		"description": "",
		"modified": "2026-11-22T05:01:44Z",
		"generator": "https:\/\/www.flickr.com",
		"items": [
	   {
			"title": "Sunset over Kerameikos",
			"link": "https:\/\/www.flickr.com\/photos\/199872204@N04\/54921901556\/",
			"media": {"m":"https:\/\/live.staticflickr.com\/65535\/54921901556_d41a7f0e3b_m.jpg"},
			"date_taken": "2026-11-21T16:48:10-08:00",
			"description": " <p><a href=\"https:\/\/www.flickr.com\/people\/199872204@N04\/\">Eleni P.<\/a> posted a photo:<\/p> <p><a href=\"https:\/\/www.flickr.com\/photos\/199872204@N04\/54921901556\/\" title=\"Sunset over Kerameikos\"><img src=\"https:\/\/live.staticflickr.com\/65535\/54921901556_d41a7f0e3b_m.jpg\" width=\"240\" height=\"160\" alt=\"Sunset over Kerameikos\" \/><\/a><\/p> <p>Last light over the ancient cemetery.<\/p>",
			"published": "2026-11-22T04:58:31Z",
			"author": "nobody@flickr.com (\"Eleni P.\")",
			"author_id": "199872204@N04",
			"tags": "sunset athens kerameikos"
	   }
        ]
})
